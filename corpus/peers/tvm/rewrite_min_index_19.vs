# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMinIndex[19]
x: i32
y: i32
z: i32
min(min(min(min(x, y), z), x * 2), y) --> min(min(min(x, y), z), x * 2)
