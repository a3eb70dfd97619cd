# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1019
x: i32
y: i32
max(y, max(x, y)) --> max(x, y)
