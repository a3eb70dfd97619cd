# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestLogical[12]
x: i32
2 <= x && x <= 1 --> false
