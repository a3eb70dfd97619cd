# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 289
x: i32
y: i32
x - x * y --> (1 - y) * x
