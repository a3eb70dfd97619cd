# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1210
x: i32
y: i32
z: i32
max(y, min(max(y, x), z)) --> max(min(x, z), y)
