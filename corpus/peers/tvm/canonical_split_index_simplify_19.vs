# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_split_index_simplify[19]
x: i32 in [-100, 1000]
tdiv(x, 6) * 2 + tmod(x // 3, 2) --> tdiv(x, 6) * 2 + tmod(x // 3, 2)
