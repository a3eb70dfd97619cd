# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1638
x: i32
min(x, 20) < min(x, 19) --> false
