# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1016
x: i32
y: i32
max(max(x, y), x) --> max(x, y)
