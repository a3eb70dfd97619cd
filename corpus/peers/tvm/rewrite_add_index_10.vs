# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestAddIndex[10]
x: i32
y: i32
max(x, y + 2) + -2 --> max(x + -2, y)
