# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1533
x: i32
0_i32 < select(x < 5, 4, 0) --> x < 5
