# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloordivIndex[28]
x: i32 in [0, 2147483647]
y: i32
z: i32
(y + (z + x)) // x --> (y + z) // x + 1
