# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloorModUnsigned[1]
z: i32
u32(z * 4) % 4 --> 0
