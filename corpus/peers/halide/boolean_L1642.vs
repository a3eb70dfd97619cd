# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1642
x: i32
max(x, 23) + 3 < max(x, 18) --> false
