# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1160
x: i32
y: i32
max(min(x, 3), min(y, -1) + 4) --> min(max(y + 4, x), 3)
