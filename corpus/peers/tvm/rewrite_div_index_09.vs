# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestDivIndex[9]
x: i32 in [0, 2147483647]
y: i32 in [0, 2147483647]
tdiv(min(y, x * 6), 2) --> min(tdiv(y, 2), x * 3)
