# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1115
x: i32
min((x + 7) // 8 * 8, x) --> x
