# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[6]
x: i32
y: i32
max(x, y) - x --> max(0, y - x)
