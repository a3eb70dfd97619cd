# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSelect[5]
x: i32
y: i32
z: i32
max(select(x < 0, y, 0), select(x < 0, 1, z)) --> select(x < 0, max(y, 1), max(0, z))
