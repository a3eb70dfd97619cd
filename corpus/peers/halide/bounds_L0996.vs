# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 996
x: i32
y: i32
min(x, min(y, x) - 1) --> min(x, y) + -1
