# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestDivIndex[20]
x: i32 in [0, 2147483647]
y: i32 in [0, 2147483647]
z: i32 in [0, 2147483647]
tdiv(y + (x + z), x) --> tdiv(y + z, x) + 1
