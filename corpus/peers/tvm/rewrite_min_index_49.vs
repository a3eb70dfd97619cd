# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMinIndex[49]
x: i32
min(x, x // 4 * 4) --> x // 4 * 4
