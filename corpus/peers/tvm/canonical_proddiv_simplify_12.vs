# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_proddiv_simplify[12]
x: i32
y: i32
tdiv(x * 2 * x * y, 4 * x * x * x) --> tdiv(y, x * 2)
