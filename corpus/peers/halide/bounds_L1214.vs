# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1214
x: i32
y: i32
z: i32
min(max(z, min(x, y)), y) --> min(max(x, z), y)
