# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[145]
y: i32
tmod(y - 1, 3) == 0 --> tmod(y + -1, 3) == 0
