# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_simplify_cast[3]
axis: i64 in [0, 42]
i32(axis % 7 * 2 + 1) + 1 - i32(axis % 7 * 2) --> 2
