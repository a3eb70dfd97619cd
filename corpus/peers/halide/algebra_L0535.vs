# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 535
y: i32
1 - (0 - y + 1) // 2 - 1 --> y // 2
