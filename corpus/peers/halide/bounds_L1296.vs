# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1296
w: i32
x: i32
y: i32
z: i32
min((y + x) * 7 + z, w) - x * 7 --> min(w - x * 7, y * 7 + z)
