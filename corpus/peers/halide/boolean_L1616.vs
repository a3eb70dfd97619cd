# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1616
x: i32
19 < x && x <= 18 --> false
