# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 252
x: i32
y: i32
x - (0 - y) --> x + y
