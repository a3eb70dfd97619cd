# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_simplify_le_negative_scale_extra[1]
tx: i32 in [0, 127]
warp: i32 in [0, 3]
warp * 8 < tx % 32 --> warp * 8 < tx % 32
