# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 962
x: i32
min(7, min(x, 3)) --> min(x, 3)
