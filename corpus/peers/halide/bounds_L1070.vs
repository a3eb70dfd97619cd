# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1070
x: i32
max(x * -8, 24) --> min(x, -3) * -8
