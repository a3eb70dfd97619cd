# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1704
x: i32
y: i32
z: i32
max(z, y) < max(y - 5, x) --> max(y, z) < x
