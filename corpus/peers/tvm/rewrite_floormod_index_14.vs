# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloormodIndex[14]
x: i32
y: i32 in [0, 31]
(x * 32 - y) % 64 --> (x * 32 - y) % 64
