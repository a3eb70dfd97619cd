# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[46]
y: i32
tdiv(y, 3) * 3 - y --> 0 - tmod(y, 3)
