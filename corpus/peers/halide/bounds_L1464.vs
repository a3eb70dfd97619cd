# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1464
x: i32
y: i32
min(x * 4, y - 3) - min(x * 4 + 63, y) --> max(min(x * 4 - y, -3), -63)
