# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[71]
x: i32
x * -2 <= -2 --> 1 <= x
