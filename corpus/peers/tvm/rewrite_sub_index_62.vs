# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[62]
y: i32
z: i32
tdiv(y - z, 3) * 6 - 2 * y --> (0 - tmod(y - z, 3) - z) * 2
