# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1204
x: i32
y: i32
z: i32
max(min(z, max(x, y)), y) --> max(min(x, z), y)
