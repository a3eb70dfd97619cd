# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1497
x: i32
y: i32
z: i32
y + x == y + z --> x == z
