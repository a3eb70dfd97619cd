# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[0]
x: i32
tmod(x, 2) + 10 == 0 --> false
