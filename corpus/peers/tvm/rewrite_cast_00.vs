# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestCast[0]
x: i32
f32(x - x) --> 0.0
