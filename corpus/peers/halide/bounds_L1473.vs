# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1473
x: i32
y: i32
max(x * 4 + 63, y) - max(y - 3, x * 4) --> max(min(x * 4 - y, -3), -63) + 66
