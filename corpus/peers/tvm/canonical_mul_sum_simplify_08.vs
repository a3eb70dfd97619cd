# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_mul_sum_simplify[8]
x: i32
y: i32
(x + x + y * 3) // 2 --> y * 3 // 2 + x
