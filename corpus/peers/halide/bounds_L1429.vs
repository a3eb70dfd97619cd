# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1429
x: i32
y: i32
max(max(y, x), min(x, y)) --> max(x, y)
