# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1475
x: i32
y: i32
max(y - 3, x * 4) - max(x * 4 + 63, y) --> max(min(y - x * 4, 63), 3) + -66
