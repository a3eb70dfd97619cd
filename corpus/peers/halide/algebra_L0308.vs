# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 308
x: i32
y: i32
(y + x * 4) // 2 --> y // 2 + x * 2
