# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 267
x: i32
y: i32
x // 8 * 8 < x + y --> 0 < x % 8 + y
