# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestCancellation[15]
var_uint64: u64
var_uint64 == var_uint64 --> true
