# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloormodIndex[2]
x: i32
y: i32
(x * 10 + y) % 2 --> y % 2
