# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1193
x: i32
x - max(2, x) --> min(x, 2) + -2
