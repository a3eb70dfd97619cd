# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1416
x: i32
y: i32
max(x, y) * min(x, y) --> x * y
