# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestModIndex[3]
x: i32 in [0, 2147483647]
y: i32 in [0, 2147483647]
tmod(x + y * 10, 2) --> tmod(x, 2)
