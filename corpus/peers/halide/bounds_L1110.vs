# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1110
x: i32
y: i32
z: i32
min(max(x, y), max(x, z)) --> max(min(y, z), x)
