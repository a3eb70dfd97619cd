# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[133]
x: i32
x + 1 < max(8, x) --> x < 7
