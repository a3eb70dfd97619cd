# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1546
x: i32
min(select(x == -17, -1, x), x) --> x
