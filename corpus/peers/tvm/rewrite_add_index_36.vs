# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestAddIndex[36]
x: i32
(x % 2 + 7) // 2 + x // 2 --> (x + 7) // 2
