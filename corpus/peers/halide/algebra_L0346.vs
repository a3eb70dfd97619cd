# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 346
y: i32
(7 + y) // 7 --> y // 7 + 1
