# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[74]
y: i32
y // 3 * 6 - y * 2 --> y % 3 * -2
