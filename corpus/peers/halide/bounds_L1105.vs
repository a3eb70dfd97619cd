# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1105
y: i32
z: i32
min(y + -2, z) + 2 --> min(z + 2, y)
