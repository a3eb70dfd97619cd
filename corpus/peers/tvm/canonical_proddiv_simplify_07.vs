# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_proddiv_simplify[7]
# note: two distinct variables are both named 'y' in the test; the second is 'y_2' here
x: i32
y: i32
y_2: i32
tmod(y_2 * x * 32 * (x * y), 6 * x * y_2) --> tmod(x * y * 16, 3) * (x * y_2 * 2)
