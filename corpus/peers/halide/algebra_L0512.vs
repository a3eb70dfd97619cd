# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 512
x: i32
y: i32
z: i32
x + z + (y + (x + z)) // 3 --> ((x + z) * 4 + y) // 3
