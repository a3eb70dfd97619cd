# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1216
x: i32
y: i32
z: i32
min(y, max(z, min(x, y))) --> min(max(x, z), y)
