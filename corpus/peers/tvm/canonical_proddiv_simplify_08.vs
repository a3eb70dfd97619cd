# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_proddiv_simplify[8]
x: i32
y: i32
tmod(x * 32 * x, x * y) --> tmod(x * 32, y) * x
