# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 482
x: i32
x // 3 - (x + 7) // 3 --> (-5 - x % 3) // 3
