# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[53]
y: i32
y * 3 - tdiv(y, 2) * 6 --> tmod(y, 2) * 3
