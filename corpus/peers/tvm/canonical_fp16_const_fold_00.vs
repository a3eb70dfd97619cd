# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_fp16_const_fold[0]
0.0_f16 + 0.5 --> 0.5
