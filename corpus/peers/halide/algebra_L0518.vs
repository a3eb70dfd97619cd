# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 518
y: i32
1 + (1 + y) // 2 --> (y + 3) // 2
