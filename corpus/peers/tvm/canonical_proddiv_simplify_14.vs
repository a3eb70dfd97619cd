# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_proddiv_simplify[14]
# note: two distinct variables are both named 'y' in the test; the second is 'y_2' here
x: i32
y: i32
y_2: i32
tdiv(x * (2 * y) * 3, 3 * y * y_2) --> tdiv(x * 2, y_2)
