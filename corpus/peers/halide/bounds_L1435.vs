# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1435
x: i32
y: i32
min(min(x, y), max(y, x)) --> min(x, y)
