# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMinIndex[39]
x: i32
min(x * 0, 4) --> 0
