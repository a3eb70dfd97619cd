# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1708
y: i32
1 < y && 2 < y --> 2 < y
