# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_canonical_mixed[7]
x: i32
x // (3 * 3) - x // (3 * 3) --> 0
