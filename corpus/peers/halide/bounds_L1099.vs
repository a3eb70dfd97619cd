# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1099
x: i32
y: i32
z: i32
min(max(min(x + 1, z), y), max(min(x - 1, z), y)) --> max(min(x + -1, z), y)
