# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloordivIndex[11]
x: i32
(x * 360 - 8) // 25 --> (x * 360 + -8) // 25
