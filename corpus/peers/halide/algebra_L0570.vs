# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 570
x: i32
y: i32
max(min(x * 8, 32), y * 16) % 4 == 0 --> true
