# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloordivIndex[8]
x: i32
(x * 8 - 9) // 16 --> x // 2 + -1
