# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestModIndex[13]
x: i32
y: i32
tmod(x + y * -10, 2) --> tmod(x + y * -10, 2)
