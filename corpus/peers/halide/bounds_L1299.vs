# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1299
x: i32
y: i32
z: i32
min(z, x * 12 + y) // 4 - x * 3 --> min(z - x * 12, y) // 4
