# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1057
x: i32
max(123 - x, 1 - x) --> 123 - x
