# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1291
w: i32
x: i32
y: i32
z: i32
max(w + (z + y), x) - z --> max(x - z, w + y)
