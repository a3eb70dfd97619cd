# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1191
x: i32
max(x, 2) - x --> 2 - min(x, 2)
