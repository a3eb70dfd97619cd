# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1692
x: i32
y: i32
z: i32
min(y, z) < min(x, y) --> z < min(x, y)
