# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1014
x: i32
max(x - 1, x + 2) --> x + 2
