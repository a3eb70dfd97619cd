# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[51]
y: i32
z: i32
y - tdiv(y - z, 5) * 5 --> tmod(y - z, 5) + z
