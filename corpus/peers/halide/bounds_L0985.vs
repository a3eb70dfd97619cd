# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 985
x: i32
y: i32
max(max(y, x) + 1, x) --> max(x, y) + 1
