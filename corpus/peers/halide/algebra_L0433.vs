# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 433
x: i32
y: i32
(y + x * 8) % 4 --> y % 4
