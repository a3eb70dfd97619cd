# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1434
x: i32
y: i32
min(min(x, y), max(x, y)) --> min(x, y)
