# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_simplify_le[6]
n: i32
x: i32
y: i32 in [0, 7]
x * 8 + y < n --> x * 8 + y < n
