# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestFloormodIndex[1]
x: i32
x * 9600 % 6400 --> x * 3200 % 6400
