# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestAddIndex[13]
x: i32
max(0, 1 - x * 4) + x * 4 --> max(x * 4, 1)
