# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1026
x: i32
-32768 <= i16(x) --> true
