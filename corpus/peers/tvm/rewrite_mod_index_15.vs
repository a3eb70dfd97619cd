# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestModIndex[15]
nx: i32
tmod(nx * 10, 2) --> 0
