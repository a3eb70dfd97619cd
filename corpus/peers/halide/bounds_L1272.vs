# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1272
x: i32
y: i32
z: i32
x - max(y + x, z) --> 0 - max(z - x, y)
