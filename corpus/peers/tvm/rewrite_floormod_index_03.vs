# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloormodIndex[3]
x: i32
y: i32
(x * 360 + y) % 16 --> (x * 360 + y) % 16
