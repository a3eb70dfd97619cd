# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1420
x: i32
y: i32
min(x, y) + max(x, y) --> x + y
