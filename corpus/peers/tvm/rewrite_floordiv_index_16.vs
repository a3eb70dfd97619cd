# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloordivIndex[16]
x: i32
y: i32
min(y, x * 6) // 2 --> min(y // 2, x * 3)
