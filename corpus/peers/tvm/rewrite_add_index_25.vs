# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestAddIndex[25]
x: i32
z: i32
x + 10 + (13 + z) --> x + z + 23
