# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_canonical_mixed[5]
x: i32
x * x - x * x --> 0
