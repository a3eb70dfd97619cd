# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1544
x: i32
min(select(x == 1, -1, x), -6) --> min(x, -6)
