# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 347
y: i32
(y + 7) // 7 --> y // 7 + 1
