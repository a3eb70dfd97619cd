# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1155
x: i32
y: i32
min(x + 1, y) - min(x, y - 1) --> 1
