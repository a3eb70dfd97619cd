# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 2000
b0: bool
b1: bool
x: i32
y: i32
select(b0, select(b1, x, y), x) --> select(!b1 && b0, y, x)
