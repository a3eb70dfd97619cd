# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1031
x: i32
max(i8(x), -128) --> i8(x)
