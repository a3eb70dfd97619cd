# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_simplify_le_negative_scale_extra[2]
x1: i32
y1: i32
x1 * 64 + y1 % 64 < 120 --> x1 * 8 + y1 % 64 // 8 < 15
