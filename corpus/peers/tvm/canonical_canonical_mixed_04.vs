# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_canonical_mixed[4]
x: i32
min(x, 1) - min(x, 1) --> 0
