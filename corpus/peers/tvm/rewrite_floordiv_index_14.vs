# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloordivIndex[14]
x: i32
y: i32
max(x * 6, y) // 2 --> max(x * 3, y // 2)
