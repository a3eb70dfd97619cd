# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[128]
x: i32
x // 10 == -5 && 7 < x % 10 --> -43 < x && x < -40
