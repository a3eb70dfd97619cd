# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1284
x: i32
y: i32
z: i32
max(z, x + y) - x --> max(z - x, y)
