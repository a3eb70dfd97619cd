# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1003
x: i32
y: i32
max(x, max(y, x) - 1) --> max(y + -1, x)
