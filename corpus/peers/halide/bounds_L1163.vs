# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1163
x: i32
y: i32
max(min(x, 3), min(y, -1) + 5) --> max(min(x, 3), min(y, -1) + 5)
