# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1056
x: i32
min(123 - x, 1 - x) --> 1 - x
