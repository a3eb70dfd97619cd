# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[92]
x: i32
0 <= x // 3 --> 0 <= x
