# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1090
x: i32
y: i32
max(x * 4 + 8, y * 4) --> max(x + 2, y) * 4
