# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestDivIndex[12]
x: i32 in [0, 2147483647]
y: i32 in [0, 2147483647]
tdiv(x * 6 - y + (y + 3), 2) --> x * 3 + 1
