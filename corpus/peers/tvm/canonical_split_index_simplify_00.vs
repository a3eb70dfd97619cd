# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_split_index_simplify[0]
x: i32
tdiv(x, 3) * 3 + tmod(x, 3) --> x
