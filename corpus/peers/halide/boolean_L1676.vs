# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1676
x: i32
y: i32
max(x, y) < x --> false
