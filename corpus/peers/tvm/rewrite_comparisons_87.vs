# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[87]
x: i32
y: i32
x + y <= tdiv(x + 2, 4) * 4 --> tmod(x + 2, 4) + y <= 2
