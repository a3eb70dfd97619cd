# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 292
x: i32
y: i32
y + x * y --> (x + 1) * y
