# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 961
x: i32
min(x - 1, x + 2) --> x + -1
