# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1162
x: i32
y: i32
min(max(x, 3), max(y, -1) + 5) --> min(max(x, 3), max(y, -1) + 5)
