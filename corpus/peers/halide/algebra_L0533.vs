# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 533
x: i32
y: i32
(y - x) // 6 - x --> (y - x * 7) // 6
