# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_simplify_le[8]
tx: i32 in [0, 31]
vec_: i32 in [0, 7]
tx // 2 % 8 + vec_ < 8 --> tx % 16 // 2 + vec_ < 8
