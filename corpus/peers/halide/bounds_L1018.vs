# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1018
x: i32
y: i32
max(x, max(x, y)) --> max(x, y)
