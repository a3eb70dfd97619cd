# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[32]
x: i32
z: i32
x < z + x --> 0 < z
