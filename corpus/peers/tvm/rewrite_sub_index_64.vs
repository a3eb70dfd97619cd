# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[64]
x: i32
(x + 5) // 3 - x // 3 --> (x % 3 + 5) // 3
