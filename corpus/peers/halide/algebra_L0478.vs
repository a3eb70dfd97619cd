# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 478
x: i32
y: i32
(x + 17) // 3 - (x + y) // 3 --> (19 - y - (x + 2) % 3) // 3
