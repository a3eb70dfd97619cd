# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1540
x: i32
max(select(x == -1, 1, x), 6) --> max(x, 6)
