# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1996
b0: bool
b1: bool
x: i32
y: i32
select(b0, x, select(b1, x, y)) --> select(b0 || b1, x, y)
