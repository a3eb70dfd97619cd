# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_simplify_cast[2]
i: i64 in [0, 2147483647]
j: i64 in [0, 10]
i32(i + j - 100) --> i32(i + j - 100)
