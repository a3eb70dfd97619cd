# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1675
x: i32
y: i32
min(x, y) <= x --> true
