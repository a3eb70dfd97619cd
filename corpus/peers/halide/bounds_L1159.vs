# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1159
x: i32
y: i32
min(max(x, 3), max(y, -1) + 4) --> max(min(y + 4, x), 3)
