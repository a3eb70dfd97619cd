# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1231
x: i32
y: i32
max((x * 32 + y) * 4, x * 128 + 127) --> max(y * 4, 127) + x * 128
