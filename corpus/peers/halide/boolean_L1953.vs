# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1953
x: i32
y: i32
y - select(x == 3, 5, y) --> select(x == 3, y, 5) + -5
