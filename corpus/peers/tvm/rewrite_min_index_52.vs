# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMinIndex[52]
x: i32
y: i32
min(x // 10, y // 10) --> min(x, y) // 10
