# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[61]
y: i32
z: i32
6 * tdiv(y + z, 3) - y * 2 --> (z - tmod(y + z, 3)) * 2
