# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1261
w: i32
x: i32
y: i32
z: i32
min(x, w + (z + y)) - z --> min(x - z, w + y)
