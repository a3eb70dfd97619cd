# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 981
x: i32
y: i32
max(max(x, y) - -1, x) --> max(x, y) + 1
