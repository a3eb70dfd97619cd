# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloorModTwo[11]
x: i32 in [0, 1]
(x + 1) % 2 * 8192 --> (x + 1) % 2 * 8192
