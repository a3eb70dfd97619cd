# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_complex_cases[0]
x: i32 in [0, 5]
y: i32 in [0, 127]
tdiv(tdiv(tmod(x * 128 + y, 1296), 36) * 2 + 1, 2) * 36 + tdiv(tmod(x * 128 + y, 36) * 2 + 1, 2) - tmod(x * 128 + y, 1296) + 1 --> 1
