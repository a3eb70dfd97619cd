# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestAddIndex[7]
x: i32
y: i32
max(x - 11, y) + 11 --> max(x, y + 11)
