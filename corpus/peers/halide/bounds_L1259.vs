# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1259
x: i32
y: i32
z: i32
min(z, y + x) - x --> min(z - x, y)
