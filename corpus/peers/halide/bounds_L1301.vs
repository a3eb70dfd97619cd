# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1301
w: i32
x: i32
y: i32
z: i32
(min(x * 12 + y, z) + w) // 4 - x * 3 --> (min(z - x * 12, y) + w) // 4
