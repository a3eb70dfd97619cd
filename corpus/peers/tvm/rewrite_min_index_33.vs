# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMinIndex[33]
x: i32
min(x * 3, 9) --> min(x, 3) * 3
