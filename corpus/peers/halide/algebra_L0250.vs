# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 250
x: i32
y: i32
x - (y - 2) --> x - y + 2
