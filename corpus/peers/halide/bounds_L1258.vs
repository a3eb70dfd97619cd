# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1258
x: i32
y: i32
z: i32
min(z, x + y) - x --> min(z - x, y)
