# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[32]
x: i32
y: i32
z: i32
x - min(z, x + y) --> max(x - z, 0 - y)
