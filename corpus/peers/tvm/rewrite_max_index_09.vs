# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMaxIndex[9]
x: i32
y: i32
max(min(x, y), max(y, x)) --> max(x, y)
