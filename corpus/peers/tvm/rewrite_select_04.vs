# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSelect[4]
x: i32
y: i32
z: i32
min(select(x < 0, y, 0), select(x < 0, 1, z)) --> select(x < 0, min(y, 1), min(0, z))
