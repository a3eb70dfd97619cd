# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1423
x: i32
y: i32
max(y, x) + min(x, y) --> x + y
