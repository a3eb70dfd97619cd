# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[63]
x: i32
-1 <= x * -2 --> x <= 0
