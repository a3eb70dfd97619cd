# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestCancellation[11]
var_int32: i32
var_int32 == var_int32 --> true
