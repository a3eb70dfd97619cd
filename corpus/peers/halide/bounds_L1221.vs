# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1221
x: i32
y: i32
z: i32
min(y, max(z, min(y, x))) --> min(max(x, z), y)
