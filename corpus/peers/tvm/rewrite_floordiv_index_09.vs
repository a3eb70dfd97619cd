# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloordivIndex[9]
x: i32 in [0, 1]
y: i32 in [0, 6]
(x * 360 + y) // 16 --> x * 22
