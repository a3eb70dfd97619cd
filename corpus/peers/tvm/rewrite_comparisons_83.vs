# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[83]
x: i32
x <= tdiv(x, 4) * 4 --> tmod(x, 4) <= 0
