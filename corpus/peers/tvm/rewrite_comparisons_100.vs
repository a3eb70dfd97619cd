# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[100]
x: i32
x <= x // 4 * 4 --> x % 4 == 0
