# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestAddIndex[33]
x: i32
tdiv(x, 8) * 8 + tmod(x, 8) --> x
