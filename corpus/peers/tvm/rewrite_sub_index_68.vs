# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSubIndex[68]
y: i32
(y - 6) // 5 * 5 - y --> -6 - (y + 4) % 5
