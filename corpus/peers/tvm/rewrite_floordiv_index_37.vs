# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloordivIndex[37]
x: i32
y: i32 in [0, 31]
z: i32 in [0, 3]
(x * 128 + y * 4 + z) // 512 --> x // 4
