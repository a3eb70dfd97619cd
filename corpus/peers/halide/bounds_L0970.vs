# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 970
x: i32
y: i32
min(min(x, y) + -1, x) --> min(x, y) + -1
