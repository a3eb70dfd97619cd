# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_split_index_simplify[9]
y: i32 in [0, 1000]
z: i32
tdiv(z * 9 + y, 2) * 2 + tmod(z * 9 + y, 2) --> z * 9 + y
