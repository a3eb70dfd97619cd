# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1589
x: i32
x == 1 || x != 2 --> x != 2
