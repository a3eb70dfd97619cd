# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[69]
y: i32
z: i32
y - (y + z) // 5 * 5 --> (y + z) % 5 - z
