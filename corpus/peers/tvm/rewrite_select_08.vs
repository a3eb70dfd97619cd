# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSelect[8]
x: i32
y: i32
select(0 < x, y + 1, y + 1) --> y + 1
