# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[21]
x: i32
y: i32
x + 10 < y + 5 --> x + 5 < y
