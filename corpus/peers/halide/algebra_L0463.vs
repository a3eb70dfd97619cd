# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 463
x: i32
x // 3 - x --> x * -2 // 3
