# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 513
w: i32
x: i32
y: i32
x + (y + w - x) // 2 --> (w + y + x) // 2
