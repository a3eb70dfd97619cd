# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1626
x: i32
x < 20 && 19 <= x --> 19 <= x && x < 20
