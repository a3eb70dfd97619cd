# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1665
b1: bool
b2: bool
x: i32
y: i32
x < y && (b1 || (b2 || y <= x)) --> (b1 || b2) && x < y
