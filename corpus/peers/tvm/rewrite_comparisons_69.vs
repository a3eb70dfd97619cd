# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[69]
x: i32
x * -2 <= 0 --> 0 <= x
