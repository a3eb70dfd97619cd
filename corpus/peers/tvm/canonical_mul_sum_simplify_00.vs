# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_mul_sum_simplify[0]
x: i32
y: i32
z: i32
2 + (3 * x + z + y + 1) * 4 + x --> x * 13 + z * 4 + y * 4 + 6
