# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1469
x: i32
max(x, 3) - max(x, 63) --> max(min(x, 63), 3) + -63
