# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1001
x: i32
y: i32
max(x, max(x, y) - -1) --> max(x, y) + 1
