# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 281
x: i32
4 * (3 + x) --> x * 4 + 12
