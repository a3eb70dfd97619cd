# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 343
y: i32
z: i32
(z - 7 * y) // 7 --> z // 7 - y
