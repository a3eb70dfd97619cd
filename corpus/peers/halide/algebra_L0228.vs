# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 228
w: i32
x: i32
y: i32
z: i32
(x - y) * z + (w + y * z) --> x * z + w
