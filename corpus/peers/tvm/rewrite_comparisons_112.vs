# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[112]
x: i32
x < 20 && x % 5 < 2 --> x < 17 && x % 5 < 2
