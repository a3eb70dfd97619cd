# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_simplify_if_then_else[4]
x: i32
select(10 <= x, select(tdiv(x, 3) < 2, x, 0), 0) --> 0
