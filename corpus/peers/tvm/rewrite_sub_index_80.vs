# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[80]
y: i32
z: i32
5 * y - 10 * ((y - z) // 2) --> ((y - z) % 2 + z) * 5
