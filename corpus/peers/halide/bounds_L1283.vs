# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1283
x: i32
y: i32
z: i32
max(y + x, z) - x --> max(z - x, y)
