# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloorModUnsigned[3]
x: u32
y: u32
(x * 32 + y * 8) % 8 --> 0
