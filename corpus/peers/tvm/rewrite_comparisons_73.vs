# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[73]
x: i32
tdiv(x, 2) < 3 --> x < 6
