# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_floormod_simplify[0]
x: i32
y: i32
((x * 4 + y - 466036) % 24528 - 24512) % 16 --> (x * 4 + y + 12) % 16
