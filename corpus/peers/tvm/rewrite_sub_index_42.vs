# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[42]
x: i32
x - tdiv(x, 3) * 3 --> tmod(x, 3)
