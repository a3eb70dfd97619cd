# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_div_simplify[2]
x: i32 in [0, 10]
tdiv(17 + 48 * x, 16) --> x * 3 + 1
