# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1232
x: i32
y: i32
max((x * 32 + y) * 4, x * 128 + 4) --> (max(y, 1) + x * 32) * 4
