# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1274
w: i32
x: i32
y: i32
z: i32
x - max(y, w + (z + x)) --> 0 - max(y - x, w + z)
