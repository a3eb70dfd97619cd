# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[130]
x: i32
min(x, 11) < 10 --> x < 10
