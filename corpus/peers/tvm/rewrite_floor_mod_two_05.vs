# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloorModTwo[5]
x: i32
(x + 5) // 2 - (x - 3) // 2 --> 4
