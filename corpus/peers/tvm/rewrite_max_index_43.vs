# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMaxIndex[43]
x: i32
max(tdiv(x + 3, 4) * 4, x) --> tdiv(x + 3, 4) * 4
