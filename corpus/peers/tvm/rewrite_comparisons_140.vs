# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[140]
x: i32 in [0, 2147483647]
z: i32 in [-2147483648, 5]
-1 < x && z <= x + 5 --> true
