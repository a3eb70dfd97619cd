# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1465
x: i32
y: i32
min(x * 4, y - 3) - min(y, x * 4 + 63) --> max(min(x * 4 - y, -3), -63)
