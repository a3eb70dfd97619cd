# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[52]
y: i32
z: i32
tdiv(y - z, 5) * 5 - y --> 0 - tmod(y - z, 5) - z
