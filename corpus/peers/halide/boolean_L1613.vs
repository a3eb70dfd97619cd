# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1613
x: i32
x <= 18 || 20 < x --> x <= 18 || 20 < x
