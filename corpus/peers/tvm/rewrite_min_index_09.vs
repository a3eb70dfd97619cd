# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMinIndex[9]
x: i32
y: i32
min(max(x, y), min(y, x)) --> min(x, y)
