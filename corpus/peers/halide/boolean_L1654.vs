# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1654
x: i32
y: i32
x == y || x != y --> true
