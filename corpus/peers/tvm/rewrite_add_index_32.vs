# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestAddIndex[32]
x: i32
y: i32
y * tmod(x, 8) + 10 * tmod(x, 8) --> (y + 10) * tmod(x, 8)
