# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_split_index_simplify[18]
d_tile: i32 in [0, 7]
i: i32 in [0, 1]
v: i32 in [0, 7]
(d_tile * 16 + i * 8 + v) % 64 // 8 --> (d_tile * 2 + i) % 8
