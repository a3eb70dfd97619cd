# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1624
x: i32
x < 18 && 19 <= x --> false
