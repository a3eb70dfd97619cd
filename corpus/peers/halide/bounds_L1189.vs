# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1189
x: i32
x - max(x, 2) --> min(x, 2) + -2
