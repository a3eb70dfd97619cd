# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1495
x: i32
y: i32
x - 2 == y + 3 --> y + 5 == x
