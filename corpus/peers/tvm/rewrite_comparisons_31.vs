# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestComparisons[31]
x: i32
y: i32
z: i32
x - y < x - z --> z < y
