# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1015
x: i32
max(7, max(x, 3)) --> max(x, 7)
