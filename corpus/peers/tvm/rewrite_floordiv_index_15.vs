# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloordivIndex[15]
x: i32
y: i32
(y + x * 4) // 2 --> x * 2 + y // 2
