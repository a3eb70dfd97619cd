# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestDivIndex[6]
x: i32 in [0, 2147483647]
y: i32 in [0, 2147483647]
tdiv(min(x * 6, y), 2) --> min(x * 3, tdiv(y, 2))
