# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1685
x: i32
y: i32
z: i32
min(y, z) <= max(x, y) --> true
