# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 536
y: i32
1 - (0 - y) // 5 --> (y + 9) // 5
