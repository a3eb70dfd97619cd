# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[123]
x: i32
x // 10 == 5 && x % 10 <= 7 --> 50 <= x && x <= 57
