# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[18]
x: i32
y: i32
x + -3 < y - 2 --> x <= y
