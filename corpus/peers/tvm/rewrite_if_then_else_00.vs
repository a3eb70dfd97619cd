# peer: tvm
# from: apache/tvm@5d4dc87, tests/python/arith/test_arith_rewrite_simplify.py
# test: TestIfThenElse[0]
x: i32
select(x < 5, select(1 < x, 1_i32, 0), 0) --> select(x < 5 && 1 < x, 1, 0)
