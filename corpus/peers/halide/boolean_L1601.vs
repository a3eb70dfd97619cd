# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1601
x: i32
18 < x && x < 20 --> 18 < x && x < 20
