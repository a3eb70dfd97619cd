# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloormodIndex[5]
x: i32
(x + 10) % 2 --> x % 2
