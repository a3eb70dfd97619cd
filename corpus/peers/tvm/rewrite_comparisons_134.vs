# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[134]
x: i32 in [-2147483648, 10]
x < 11 --> true
