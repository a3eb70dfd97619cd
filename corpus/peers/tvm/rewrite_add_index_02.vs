# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestAddIndex[2]
x: i32
z: i32
x - 10 + (10 - z) --> x - z
