# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_proddiv_simplify[0]
x: i32
x * 32 * x % x --> 0
