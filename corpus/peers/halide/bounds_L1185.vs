# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1185
x: i32
max(3, 77 - x) --> 77 - min(x, 74)
