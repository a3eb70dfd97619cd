# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1678
x: i32
y: i32
y <= min(x, y) --> y <= x
