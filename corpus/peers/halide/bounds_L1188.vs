# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1188
x: i32
x - min(x, 2) --> max(x, 2) + -2
