# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestDivIndex[3]
x: i32
tdiv(x * 2, 4) --> tdiv(x, 2)
