# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[142]
x: i32 in [0, 2147483647]
y: i32 in [-2147483648, 0]
(x + 1) * (y - 1) < 0 --> true
