# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[105]
x: i32
y: i32
x - y <= (x + 2) // 4 * 4 --> (x + 2) % 4 <= y + 2
