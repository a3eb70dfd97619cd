# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1224
x: i32
max(min(x, 5), 1) == 3 --> x == 3
