# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[48]
y: i32
tdiv(y - 6, 5) * 5 - y --> -6 - tmod(y + -6, 5)
