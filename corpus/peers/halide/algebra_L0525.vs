# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 525
x: i32
y: i32
x - (y - x) // 6 --> (x * 7 - y + 5) // 6
