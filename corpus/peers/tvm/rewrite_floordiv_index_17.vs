# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloordivIndex[17]
x: i32
y: i32
max(y, x * 6) // 2 --> max(y // 2, x * 3)
