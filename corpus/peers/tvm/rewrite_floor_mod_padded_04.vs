# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloorModPadded[4]
x: i32
y: i32
(x - x % y) % y --> 0
