# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1542
x: i32
max(select(x == 17, 1, x), x) --> x
