# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 287
x: i32
y: i32
x * y - x --> (y + -1) * x
