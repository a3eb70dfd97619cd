# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1072
x: i32
y: i32
min(max(min(x, 14), -10), max(min(y, 14), -10)) --> max(min(min(x, y), 14), -10)
