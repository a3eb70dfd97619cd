# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_simplify_le[9]
x: i32
y: i32 in [0, 1023]
z: i32
x * 1024 + y < z * 7168 --> x - z * 7 < 0
