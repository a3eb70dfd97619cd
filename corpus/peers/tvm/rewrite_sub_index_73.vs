# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[73]
y: i32
y * 3 - y // 2 * 6 --> y % 2 * 3
