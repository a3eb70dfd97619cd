# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[8]
x: i32
y: i32
x - min(x, y) --> max(0, x - y)
