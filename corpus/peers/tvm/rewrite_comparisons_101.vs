# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[101]
x: i32
y: i32
x // 4 * 4 < x + y --> 0 < x % 4 + y
