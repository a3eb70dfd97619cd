# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 229
w: i32
x: i32
y: i32
z: i32
(x - y) * z + (y * z - w) --> x * z - w
