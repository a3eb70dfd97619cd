# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1600
x: i32
x < 20 && 18 < x --> x < 20 && 18 < x
