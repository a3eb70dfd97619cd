# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1054
x: i32
y: i32
max(x, y) - max(y, x) --> 0
