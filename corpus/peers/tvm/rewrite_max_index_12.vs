# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMaxIndex[12]
x: i32
y: i32
max(max(x, y), x) --> max(x, y)
