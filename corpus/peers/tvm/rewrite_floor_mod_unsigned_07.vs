# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloorModUnsigned[7]
x: u32 in [0, 511]
x // 512 --> 0
