# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[106]
x: i32
x // 8 == 3 && x % 8 == 4 --> x == 28
