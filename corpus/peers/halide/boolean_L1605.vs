# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1605
x: i32
y: i32
z: i32
x < y + 1 && x < y + z && x < y --> x < min(z, 0) + y
