# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1285
x: i32
y: i32
z: i32
max(z, y + x) - x --> max(z - x, y)
