# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_div_simplify[1]
x: i32
tdiv(17 + 48 * x, 16) --> tdiv(x * 48 + 17, 16)
