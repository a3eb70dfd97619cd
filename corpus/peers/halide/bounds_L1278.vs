# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1278
w: i32
x: i32
y: i32
z: i32
x - max(w + (z + x), y) --> 0 - max(y - x, w + z)
