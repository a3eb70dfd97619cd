# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 313
x: i32
y: i32
(x - y) * -2 --> (y - x) * 2
