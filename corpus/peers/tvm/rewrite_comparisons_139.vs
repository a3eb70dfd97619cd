# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[139]
y: i32 in [-10, 2147483647]
z: i32 in [-2147483648, 5]
z - 5 <= y + 10 --> true
