# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 532
x: i32
y: i32
(y + x) // 5 - x --> (x * -4 + y) // 5
