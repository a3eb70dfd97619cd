# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 210
x: i32
3 + x --> x + 3
