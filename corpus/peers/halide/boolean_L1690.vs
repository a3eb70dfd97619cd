# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1690
x: i32
y: i32
z: i32
min(z, y) < min(x, y) --> z < min(x, y)
