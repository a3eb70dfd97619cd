# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestAddIndex[11]
x: i32
y: i32
min(x, y + 2) + -2 --> min(x + -2, y)
