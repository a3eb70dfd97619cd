# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[33]
x: i32
z: i32
x < x + z --> 0 < z
