# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1248
w: i32
x: i32
y: i32
z: i32
x - min(y, w + (z + x)) --> 0 - min(y - x, w + z)
