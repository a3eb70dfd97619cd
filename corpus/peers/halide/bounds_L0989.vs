# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 989
x: i32
y: i32
min(x, min(x, y) - -1) --> min(y + 1, x)
