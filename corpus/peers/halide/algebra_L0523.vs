# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 523
w: i32
x: i32
y: i32
z: i32
w + x - (w + x - y * z) // 3 --> ((w + x) * 2 + y * z + 2) // 3
