# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestAddIndex[34]
x: i32
y: i32
y * (x % 8) + 10 * (x % 8) --> (y + 10) * (x % 8)
