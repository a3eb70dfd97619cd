# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[78]
y: i32
z: i32
(y - z) // 3 * 6 - y * 2 --> (0 - (y - z) % 3 - z) * 2
