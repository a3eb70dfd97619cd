# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_split_index_simplify[12]
x: i32 in [-100, 1000]
x // 3 * 3 + x % 3 --> x
