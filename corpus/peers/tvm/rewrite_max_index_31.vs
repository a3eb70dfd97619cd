# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMaxIndex[31]
x: i32
max(max(x, 1), 10) --> max(x, 10)
