# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[143]
y: i32 in [-2147483648, 0]
0 <= y * y --> true
