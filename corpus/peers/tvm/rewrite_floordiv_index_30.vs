# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloordivIndex[30]
x: i32
y: i32 in [0, 2147483647]
y * x // y --> x
