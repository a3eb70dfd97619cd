# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestAddIndex[35]
x: i32
x // 8 * 8 + x % 8 --> x
