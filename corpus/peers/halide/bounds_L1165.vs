# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1165
x: i32
y: i32
min(x + 1, y) - min(y - 1, x) --> 1
