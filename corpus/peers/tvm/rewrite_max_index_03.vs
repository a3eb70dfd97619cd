# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMaxIndex[3]
x: i32
max(x + 111, x + 10) --> x + 111
