# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloorModPadded[0]
x: i32
(x - x % 9) % 9 --> 0
