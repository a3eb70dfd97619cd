# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[44]
x: i32 in [-1, 2147483647]
tdiv(x + 5, 3) - tdiv(x + 1, 3) --> tdiv(tmod(x + 1, 3) + 4, 3)
