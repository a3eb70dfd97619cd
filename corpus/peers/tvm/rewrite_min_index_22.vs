# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMinIndex[22]
x: i32
y: i32
z: i32
min(max(x, y), max(z, x)) --> max(min(y, z), x)
