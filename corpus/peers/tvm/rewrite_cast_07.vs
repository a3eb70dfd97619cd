# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestCast[7]
f32(1.0_f16) --> 1.0
