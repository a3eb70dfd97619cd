# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMinIndex[35]
x: i32
min(0 - x * 2, 0) --> max(x, 0) * -2
