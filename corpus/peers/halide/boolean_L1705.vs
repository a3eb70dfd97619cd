# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1705
x: i32
y: i32
z: i32
max(z, y + 5) < max(x, y) --> max(y + 5, z) < x
