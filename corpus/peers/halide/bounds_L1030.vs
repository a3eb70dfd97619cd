# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1030
x: i32
min(-2147483648, x) --> -2147483648
