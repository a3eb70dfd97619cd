# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1203
x: i32
y: i32
z: i32
max(min(max(x, y), z), y) --> max(min(x, z), y)
