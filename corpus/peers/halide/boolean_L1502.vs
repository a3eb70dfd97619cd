# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1502
x: i32
y: i32
x == x + y --> y == 0
