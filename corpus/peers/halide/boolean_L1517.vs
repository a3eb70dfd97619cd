# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1517
x: i32
1 < 0 - x --> x < -1
