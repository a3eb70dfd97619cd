# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1267
w: i32
x: i32
y: i32
z: i32
min(z + y + w, x) - z --> min(x - z, w + y)
