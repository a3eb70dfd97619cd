# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1455
x: i32
min(63, x) - min(x, 3) --> max(min(x, 63), 3) + -3
