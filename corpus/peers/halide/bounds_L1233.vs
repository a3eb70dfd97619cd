# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1233
x: i32
y: i32
max((y + x * 32) * 4, x * 128 + 127) --> max(y * 4, 127) + x * 128
