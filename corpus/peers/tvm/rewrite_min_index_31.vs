# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMinIndex[31]
x: i32
min(min(x, 1), 10) --> min(x, 1)
