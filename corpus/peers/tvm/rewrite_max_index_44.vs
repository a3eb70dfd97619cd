# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMaxIndex[44]
x: i32
y: i32
max(x // 10, y // 10) --> max(x, y) // 10
