# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[36]
x: i32
y: i32
min(x, y) - min(x + 10, y + 10) --> -10
