# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[136]
z: i32 in [-2147483648, 5]
z <= 5 --> true
