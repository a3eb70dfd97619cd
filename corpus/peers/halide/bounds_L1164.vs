# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1164
x: i32
y: i32
max(x + 1, y) - max(x, y - 1) --> 1
