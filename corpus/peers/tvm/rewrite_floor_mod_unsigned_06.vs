# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloorModUnsigned[6]
x: u32
x * 8 % 8 --> 0
