# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[138]
x: i32 in [0, 2147483647]
y: i32 in [-10, 2147483647]
-10 <= x + y --> true
