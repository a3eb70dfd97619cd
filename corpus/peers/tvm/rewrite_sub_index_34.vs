# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[34]
x: i32
y: i32
min(x, y) - min(y, x) --> 0
