# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1228
x: i32
y: i32
min((x * 32 + y) * 4, x * 128 + 4) --> (min(y, 1) + x * 32) * 4
