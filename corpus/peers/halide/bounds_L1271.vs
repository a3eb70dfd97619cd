# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1271
x: i32
y: i32
z: i32
x - max(x + y, z) --> 0 - max(z - x, y)
