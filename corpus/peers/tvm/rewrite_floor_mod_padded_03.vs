# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloorModPadded[3]
x: i32
(x + 8 * x % 9) % 9 --> 0
