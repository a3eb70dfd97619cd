# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1046
x: i32
(x + 3) // 4 - (x + 2) // 4 --> ((x + 2) % 4 + 1) // 4
