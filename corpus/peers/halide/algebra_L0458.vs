# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 458
x: i32
y: i32
y + x % 3 + x // 3 * 3 --> x + y
