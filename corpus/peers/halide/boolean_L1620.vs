# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1620
x: i32
x < 20 || 19 <= x --> true
