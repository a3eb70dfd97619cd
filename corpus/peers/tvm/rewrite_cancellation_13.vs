# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestCancellation[13]
var_uint8: u8
var_uint8 == var_uint8 --> true
