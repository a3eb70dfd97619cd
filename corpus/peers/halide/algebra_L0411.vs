# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 411
y: i32
z: i32
(y + (7 + z)) // 7 --> (y + z) // 7 + 1
