# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1166
x: i32
y: i32
max(x + 1, y) - max(y - 1, x) --> 1
