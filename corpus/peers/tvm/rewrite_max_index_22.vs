# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMaxIndex[22]
x: i32
y: i32
z: i32
max(min(x, y), min(z, x)) --> min(max(y, z), x)
