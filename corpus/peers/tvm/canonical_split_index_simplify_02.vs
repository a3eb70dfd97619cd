# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_split_index_simplify[2]
x: i32
tdiv(tdiv(tmod(x, 16), 2) * 2, 4) --> tdiv(tmod(x, 16), 4)
