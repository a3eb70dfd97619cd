# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMaxIndex[7]
x: i32
max(3 - x, 2 - x) --> 3 - x
