# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1456
x: i32
min(x, 3) - min(63, x) --> 3 - max(min(x, 63), 3)
