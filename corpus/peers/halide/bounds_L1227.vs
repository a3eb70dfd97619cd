# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1227
x: i32
y: i32
min((x * 32 + y) * 4, x * 128 + 127) --> min(y * 4, 127) + x * 128
