# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestLogical[4]
x: i32
y: i32
y < x && x <= y --> false
