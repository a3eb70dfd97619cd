# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1106
y: i32
z: i32
max(y + -2, z) + 2 --> max(z + 2, y)
