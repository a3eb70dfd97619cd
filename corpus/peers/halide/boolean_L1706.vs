# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1706
x: i32
y: i32
z: i32
max(z, y + 5) < max(y, x) --> max(y + 5, z) < x
