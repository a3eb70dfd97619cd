# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 409
y: i32
z: i32
(7 + y + z) // 7 --> (y + z) // 7 + 1
