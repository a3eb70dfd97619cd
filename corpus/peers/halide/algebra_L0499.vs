# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 499
-2000000000_i32 % 1000000001 --> 2
