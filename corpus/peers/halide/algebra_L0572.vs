# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 572
x: i32
max(32, x * 4) % 16 < 13 --> true
