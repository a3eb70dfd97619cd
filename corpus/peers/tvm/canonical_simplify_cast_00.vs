# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_simplify_cast[0]
i: i32
j: i32
i64(i + j + 1) - i64(i) --> i64(j) + 1
