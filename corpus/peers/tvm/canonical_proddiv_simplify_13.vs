# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_proddiv_simplify[13]
x: i32
y: i32
tdiv(x * (2 * y) * 3, 3 * y) --> x * 2
