# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1395
w: i32
x: i32
y: i32
z: i32
min(y + x + z, x + w) --> min(y + z, w) + x
