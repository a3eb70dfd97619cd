# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_canonical_mixed[6]
x: i32
tmod(tdiv(tmod(x, 20), 2) * 2, 4) --> tdiv(tmod(x, 4), 2) * 2
