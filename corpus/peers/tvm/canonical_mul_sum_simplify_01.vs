# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_mul_sum_simplify[1]
x: i32
x * 3 - 4 * x + 1 --> 1 - x
