# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[74]
x: i32
3 < tdiv(x, 2) --> 7 < x
