# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[94]
x: i32
0 <= x // 2 --> 0 <= x
