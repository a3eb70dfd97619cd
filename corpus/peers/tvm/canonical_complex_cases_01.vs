# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_complex_cases[1]
x: i32 in [0, 5]
y: i32 in [0, 1024]
tdiv(x * 1024 + y, 65536) + tdiv(tmod(x * 1024 + y, 65536), 256) + tdiv(tmod(x * 1024 + y, 256), 16) + tmod(x * 1024 + y, 16) - tdiv(y, 256) - tdiv(tmod(y, 256), 16) - tmod(y, 16) - x * 4 --> tdiv(x * 1024 + y, 256) - tdiv(y, 256) - x * 4
