# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[35]
x: i32
1 < 100 - x --> x < 99
