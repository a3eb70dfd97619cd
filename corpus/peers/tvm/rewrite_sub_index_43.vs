# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[43]
x: i32 in [0, 2147483647]
tdiv(x + 5, 3) - tdiv(x, 3) --> tdiv(tmod(x, 3) + 5, 3)
