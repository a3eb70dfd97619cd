# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1608
x: i32
y: i32
x < y + 1 || x < y - 2 || x < y --> x < y + 1
