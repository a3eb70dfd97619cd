# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 329
x: i32
y: i32
z: i32
(x - (y * 4 - z)) // 2 --> (x + z) // 2 - y * 2
