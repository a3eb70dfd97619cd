# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[20]
x: i32
y: i32
x + 5 < y + 10 --> x < y + 5
