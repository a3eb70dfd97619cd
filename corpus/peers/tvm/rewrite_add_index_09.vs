# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestAddIndex[9]
x: i32
y: i32
min(x, y * 2) + max(x, y * 2) --> x + y * 2
