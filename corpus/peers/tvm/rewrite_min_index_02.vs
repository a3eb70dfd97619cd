# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMinIndex[2]
x: i32
min(x + 1, x + 10) --> x + 1
