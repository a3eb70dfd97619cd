# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 271
x: i32
y: i32
(x + 3) // 8 * 8 < x - y --> y < (x + 3) % 8 + -3
