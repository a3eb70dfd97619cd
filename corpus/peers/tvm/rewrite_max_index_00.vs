# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMaxIndex[0]
x: i32
y: i32
max(tmod(x, 2), tmod(y, 2) + 10) --> tmod(y, 2) + 10
