# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestAddIndex[21]
x: i32
y: i32
z: i32
2 * z + min(x, y - 2 * z) --> min(x + z * 2, y)
