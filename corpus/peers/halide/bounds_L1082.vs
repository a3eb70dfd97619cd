# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1082
x: i32
y: i32
min(x // 4, y // 4 + 2) --> min(y + 8, x) // 4
