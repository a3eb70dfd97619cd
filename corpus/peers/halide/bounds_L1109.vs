# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1109
x: i32
y: i32
z: i32
max(max(x, y), max(x, z)) --> max(max(y, z), x)
