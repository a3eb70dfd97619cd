# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestCancellation[10]
var_int8: i8
var_int8 == var_int8 --> true
