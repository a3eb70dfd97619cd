# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1117
x: i32
max((x + 7) // 8 * 8, x) --> (x + 7) // 8 * 8
