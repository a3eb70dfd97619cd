# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestModIndex[11]
x: i32
y: i32
tmod(x * -10 + y, 2) --> tmod(x * -10 + y, 2)
