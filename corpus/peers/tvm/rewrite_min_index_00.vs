# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMinIndex[0]
x: i32
y: i32
min(tmod(x, 2), tmod(y, 2) + 10) --> tmod(x, 2)
