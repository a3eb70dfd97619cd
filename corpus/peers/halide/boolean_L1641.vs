# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1641
x: i32
max(x, 20) < max(x, 19) --> false
