# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1208
x: i32
y: i32
z: i32
max(min(max(y, x), z), y) --> max(min(x, z), y)
