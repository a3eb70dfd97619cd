# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1282
x: i32
y: i32
z: i32
max(x + y, z) - x --> max(z - x, y)
