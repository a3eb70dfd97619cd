# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 975
x: i32
y: i32
min(min(y, x) + -1, x) --> min(x, y) + -1
