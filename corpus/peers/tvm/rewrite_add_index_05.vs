# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestAddIndex[5]
x: i32
y: i32
z: i32
min(x - z, y) + z --> min(x, y + z)
