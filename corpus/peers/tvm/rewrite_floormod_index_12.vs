# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloormodIndex[12]
x: i32
y: i32
(x + y * -10) % 2 --> x % 2
