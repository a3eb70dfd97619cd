# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[39]
x: i32
2 <= x * 4 --> 1 <= x
