# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1415
x: i32
y: i32
min(x, y) * max(y, x) --> x * y
