# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloordivIndex[2]
x: i32
(x - x % 21) // 21 --> x // 21
