# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestDivIndex[15]
x: i32 in [0, 2147483647]
tdiv(x + 4, 2) --> tdiv(x, 2) + 2
