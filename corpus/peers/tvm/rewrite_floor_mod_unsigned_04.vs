# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloorModUnsigned[4]
x: u32
z: i32
(x * 16 + u32(z * 4)) % 12 --> (x * 16 + u32(z * 4)) % 12
