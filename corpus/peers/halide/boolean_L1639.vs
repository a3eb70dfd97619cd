# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1639
x: i32
min(x, 23) < min(x, 18) - 3 --> false
