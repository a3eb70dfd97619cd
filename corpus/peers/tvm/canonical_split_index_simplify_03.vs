# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_split_index_simplify[3]
x: i32
tdiv(tmod(x, 2), 8) --> 0
