# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 307
x: i32
y: i32
(x * 4 + y) // 2 --> y // 2 + x * 2
