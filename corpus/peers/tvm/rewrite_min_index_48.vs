# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMinIndex[48]
x: i32
min(x, (x + 3) // 4 * 4) --> x
