# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 251
y: i32
3 - (y - 2) --> 5 - y
