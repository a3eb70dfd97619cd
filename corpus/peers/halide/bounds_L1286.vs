# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1286
w: i32
x: i32
y: i32
z: i32
max(x, w + (y + z)) - z --> max(x - z, w + y)
