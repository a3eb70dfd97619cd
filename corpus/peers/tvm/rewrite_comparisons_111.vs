# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[111]
x: i32
y: i32
x - y * 5 < 5 && 0 <= x - y * 5 --> y == x // 5
