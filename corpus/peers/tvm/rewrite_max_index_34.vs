# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMaxIndex[34]
x: i32
max(3 - x, 1) --> 3 - min(x, 2)
