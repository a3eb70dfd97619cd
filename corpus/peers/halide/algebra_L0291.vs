# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 291
x: i32
y: i32
x * y - y --> (x + -1) * y
