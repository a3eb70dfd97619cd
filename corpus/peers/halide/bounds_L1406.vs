# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1406
w: i32
x: i32
y: i32
z: i32
max(x + y, x + z + w) --> max(w + z, y) + x
