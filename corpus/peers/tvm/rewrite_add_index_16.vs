# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestAddIndex[16]
x: i32
min(2 - x * 4, 0) + x * 4 --> min(x * 4, 2)
