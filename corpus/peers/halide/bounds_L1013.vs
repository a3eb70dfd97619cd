# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1013
x: i32
max(x + 4, x) --> x + 4
