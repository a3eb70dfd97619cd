# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_simplify_normalize_min_value_expr[3]
x: i32
-2147483648 + x == 0 --> false
