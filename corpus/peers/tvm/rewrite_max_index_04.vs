# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMaxIndex[4]
x: i32
max(x + 1, x) --> x + 1
