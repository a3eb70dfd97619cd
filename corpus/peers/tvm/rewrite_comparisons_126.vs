# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[126]
x: i32
x // 10 == 5 && 7 < x % 10 --> 57 < x && x < 60
