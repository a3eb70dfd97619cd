# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestCancellation[4]
var_int64: i64
var_int64 - var_int64 --> 0
