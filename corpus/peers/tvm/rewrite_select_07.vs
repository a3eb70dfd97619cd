# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestSelect[7]
x: i32
y: i32
z: i32
select(x * 3 + 1 == 0, y, z) --> z
