# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[23]
x: i32
y: i32
z: i32
min(y + x, z) - x --> min(y, z - x)
