# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_simplify_le[5]
x: i32
y: i32 in [0, 7]
z: i32 in [0, 1]
x * 8 + y + z < 16 --> x * 8 + y + z < 16
