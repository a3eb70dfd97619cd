# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMinIndex[37]
x: i32
min(x * -2, -4) --> max(x, 2) * -2
