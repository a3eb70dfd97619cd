# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1244
x: i32
y: i32
z: i32
x - min(z, y + x) --> 0 - min(z - x, y)
