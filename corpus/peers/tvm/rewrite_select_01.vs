# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSelect[1]
x: i32
y: i32
z: i32
select(x < 0, y, 1) - select(x < 0, 1, z) --> select(x < 0, y + -1, 1 - z)
