# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestAddIndex[12]
x: i32
y: i32
min(x + 2, y + 3) + -2 --> min(x, y + 1)
