# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[40]
x: i32
50 <= x * 2 --> 25 <= x
