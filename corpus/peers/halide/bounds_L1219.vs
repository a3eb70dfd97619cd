# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1219
x: i32
y: i32
z: i32
min(max(z, min(y, x)), y) --> min(max(x, z), y)
