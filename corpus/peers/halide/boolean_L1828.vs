# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1828
x: i32
y: i32
x < y && y < x --> false
