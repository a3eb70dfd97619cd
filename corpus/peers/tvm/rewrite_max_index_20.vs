# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestMaxIndex[20]
x: i32
y: i32
z: i32
max(max(max(max(max(x, y), z), x * 2), z * 2), y) --> max(max(max(max(x, y), z), x * 2), z * 2)
