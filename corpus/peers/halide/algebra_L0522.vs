# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 522
x: i32
y: i32
x - (x + y) // 3 --> (x * 2 - y + 2) // 3
