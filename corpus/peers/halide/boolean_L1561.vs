# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1561
x: i32
!!(x == 0) --> x == 0
