# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1724
x: i32
3 < x // 4 --> 15 < x
