# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMinIndex[32]
x: i32
min(min(x, 11), 10) --> min(x, 10)
