# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1493
x: i32
x == x --> true
