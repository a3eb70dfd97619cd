# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1091
x: i32
y: i32
min(x * 4, y * 4 + 8) --> min(y + 2, x) * 4
