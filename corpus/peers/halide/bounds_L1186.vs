# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1186
x: i32
min(max(8 - x, 0), 8) --> 8 - max(min(x, 8), 0)
