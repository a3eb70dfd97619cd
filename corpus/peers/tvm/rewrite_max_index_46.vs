# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMaxIndex[46]
x: i32
max((x + 3) // 4 * 4, x) --> (x + 3) // 4 * 4
