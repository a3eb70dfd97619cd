# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[120]
x: i32
x < 16 && x % 5 < 2 --> x < 16 && x % 5 < 2
