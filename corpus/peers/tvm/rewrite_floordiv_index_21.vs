# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloordivIndex[21]
x: i32
y: i32
z: i32
(y + x * 6 + z) // 2 --> x * 3 + (y + z) // 2
