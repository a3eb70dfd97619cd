# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_canonical_simplify.py
# test: test_floormod_simplify[2]
x: i32
x * -1 % 2 --> x % -2 * -1
