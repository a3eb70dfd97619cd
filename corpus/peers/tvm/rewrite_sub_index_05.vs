# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[5]
x: i32
y: i32
min(x, y) - y --> min(x - y, 0)
