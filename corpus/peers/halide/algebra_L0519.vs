# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 519
y: i32
(y + 1) // 2 + 1 --> (y + 3) // 2
