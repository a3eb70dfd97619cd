# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1229
x: i32
y: i32
min((y + x * 32) * 4, x * 128 + 127) --> min(y * 4, 127) + x * 128
