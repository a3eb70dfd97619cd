# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMinIndex[45]
x: i32
y: i32
min(tdiv(x, 10), tdiv(y, 10)) --> tdiv(min(x, y), 10)
