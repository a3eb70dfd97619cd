# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestAddIndex[30]
x: i32
x + 2 + 3 + 4 + x --> x * 2 + 9
