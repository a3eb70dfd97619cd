# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 993
x: i32
y: i32
min(x, min(y, x) + 1) --> min(y + 1, x)
