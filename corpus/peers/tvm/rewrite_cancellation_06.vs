# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestCancellation[6]
var_uint32: u32
var_uint32 - var_uint32 --> 0
