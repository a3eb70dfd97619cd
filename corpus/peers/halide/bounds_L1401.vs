# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1401
w: i32
x: i32
y: i32
z: i32
min(x + y, z + (w + x)) --> min(w + z, y) + x
