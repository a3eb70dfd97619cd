# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestModIndex[18]
nx: i32 in [-2147483648, 0]
ny: i32 in [-2147483648, 0]
tmod(nx * -10 + 1 + ny * -2 + 2, 2) --> 1
