# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMinIndex[36]
x: i32
min(3 - x, 2) --> 3 - max(x, 1)
