# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 530
x: i32
y: i32
(x + y) // 3 - x --> (x * -2 + y) // 3
