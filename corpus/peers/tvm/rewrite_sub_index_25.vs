# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[25]
x: i32
y: i32
z: i32
min(z, y + x) - x --> min(z - x, y)
