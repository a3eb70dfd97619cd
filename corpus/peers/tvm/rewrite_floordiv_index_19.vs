# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloordivIndex[19]
x: i32
y: i32
(x * 6 - y + (y + 3)) // 2 --> x * 3 + 1
