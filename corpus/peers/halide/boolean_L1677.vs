# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1677
x: i32
y: i32
max(x, y) <= y --> x <= y
