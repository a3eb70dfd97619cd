# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_simplify_le[7]
tx: i32 in [0, 31]
ty: i32 in [0, 7]
vec_: i32 in [0, 7]
x1: i32 in [0, 1]
x2: i32 in [0, 2]
x1 * 5632 + (((x2 * 8 + ty) * 32 + tx) * 8 + vec_) % 5632 < 11008 --> x1 * 22 + (x2 * 8 + ty) % 22 < 43
