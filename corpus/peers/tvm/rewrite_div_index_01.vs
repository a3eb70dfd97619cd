# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestDivIndex[1]
x: i32
tdiv(tdiv(x, 2), 3) --> tdiv(x, 6)
