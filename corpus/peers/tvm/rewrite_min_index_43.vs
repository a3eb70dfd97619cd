# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMinIndex[43]
x: i32 in [1, 2147483647]
min(tdiv(x + 3, 4) * 4, max(x, 4)) --> max(x, 4)
