# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[119]
x: i32
x <= -22 && x % 5 < 2 --> x < -23 && x % 5 < 2
