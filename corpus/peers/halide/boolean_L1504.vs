# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1504
x: i32
y: i32
100 - x == 99 - y --> y + 1 == x
