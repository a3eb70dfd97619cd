# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1273
w: i32
x: i32
y: i32
z: i32
x - max(y, w + (x + z)) --> 0 - max(y - x, w + z)
