# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_floormod_two[0]
x: i32
y: i32
(x * 10 + 1 + y * 2 + 2) % 2 --> 1
