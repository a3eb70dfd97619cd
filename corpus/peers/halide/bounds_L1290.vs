# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1290
w: i32
x: i32
y: i32
z: i32
max(w + (y + z), x) - z --> max(x - z, w + y)
