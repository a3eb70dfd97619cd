# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_mul_sum_simplify[2]
x: i32
y: i32
y + x * 3 - 5 * x + 1 + y --> y * 2 + 1 - x * 2
