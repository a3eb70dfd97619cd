# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1264
w: i32
x: i32
y: i32
z: i32
min(w + (y + z), x) - z --> min(x - z, w + y)
