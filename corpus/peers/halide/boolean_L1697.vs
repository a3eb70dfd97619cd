# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1697
x: i32
y: i32
z: i32
min(z, y - 5) < min(y, x) --> min(y + -5, z) < x
