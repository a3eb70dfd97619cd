# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1545
x: i32
min(select(x == 1, -1, x), x) --> select(x == 1, -1, x)
