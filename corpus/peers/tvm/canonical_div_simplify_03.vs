# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_div_simplify[3]
x: i32 in [0, 10]
tdiv(17 + 47 * x, 16) --> tdiv(x * 47 + 17, 16)
