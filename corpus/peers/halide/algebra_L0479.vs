# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 479
x: i32
y: i32
(x + y) // 3 - (x + 7) // 3 --> ((x + 1) % 3 + y + -7) // 3
