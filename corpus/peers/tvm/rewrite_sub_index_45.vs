# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[45]
y: i32
y - tdiv(y, -5) * -5 --> tmod(y, 5)
