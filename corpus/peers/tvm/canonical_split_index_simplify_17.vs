# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_split_index_simplify[17]
x: i32 in [-100, 1000]
x % 16 // 2 * 2 // 6 --> x % 16 // 6
