# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1192
x: i32
x - min(2, x) --> max(x, 2) + -2
