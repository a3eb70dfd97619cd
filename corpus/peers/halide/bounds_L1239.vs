# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1239
w: i32
x: i32
y: i32
z: i32
min(min(x + z, y), w) - x --> min(min(w, y) - x, z)
