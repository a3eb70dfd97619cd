# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 249
x: i32
y: i32
x - 3 - y --> x - y + -3
