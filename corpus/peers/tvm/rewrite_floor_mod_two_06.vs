# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloorModTwo[6]
x: i32
(x % 2 + 1) // 2 --> x % 2
