# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1699
x: i32
y: i32
z: i32
max(z, y) < max(x, y) --> max(y, z) < x
