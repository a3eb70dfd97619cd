# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1629
x: i32
x <= 20 || 21 <= x --> true
