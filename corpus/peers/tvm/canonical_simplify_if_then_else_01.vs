# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_simplify_if_then_else[1]
x: i32
y: i32
select(466036 - y <= x * 4, select(24512 <= tmod(x * 4 + y - 466036, 24528), tmod(tmod(x * 4 + y - 466036, 24528) - 24512, 16), x), y) --> select(466036 <= x * 4 + y, select(24512 <= tmod(x * 4 + y - 4, 24528), tmod(x * 4 + y - 4, 16), x), y)
