# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestDivIndex[2]
x: i32 in [0, 2147483647]
tdiv(tdiv(x, 2) + 1, 3) --> tdiv(x + 2, 6)
