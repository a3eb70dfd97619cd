# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMulIndex[3]
x: i32
y: i32
max(x, y) * min(x, y) --> x * y
