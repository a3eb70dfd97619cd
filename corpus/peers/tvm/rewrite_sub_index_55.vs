# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[55]
y: i32
z: i32
y * 5 - tdiv(y + z, 2) * 10 --> (tmod(y + z, 2) - z) * 5
