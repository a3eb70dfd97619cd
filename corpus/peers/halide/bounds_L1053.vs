# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1053
x: i32
y: i32
min(x, y) - min(y, x) --> 0
