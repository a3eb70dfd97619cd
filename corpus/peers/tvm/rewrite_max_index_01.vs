# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMaxIndex[1]
x: i32
y: i32
max(x % 2, y % 2 + 10) --> y % 2 + 10
