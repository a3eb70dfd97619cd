# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_fp16_const_fold[3]
0.5_f16 * 1.0 --> 0.5
