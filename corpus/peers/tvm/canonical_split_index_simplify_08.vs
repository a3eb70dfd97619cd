# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_split_index_simplify[8]
x: i32 in [0, 1000]
y: i32 in [0, 1000]
tdiv(x * 4 + y, 2) * 2 + tmod(x * 4 + y, 2) --> x * 4 + y
