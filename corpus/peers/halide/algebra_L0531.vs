# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 531
w: i32
x: i32
y: i32
(x * y - w) // 4 - x * y --> (x * y * -3 - w) // 4
