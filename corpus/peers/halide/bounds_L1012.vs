# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1012
x: i32
max(x, x + 3) --> x + 3
