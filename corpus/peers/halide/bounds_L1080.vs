# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1080
x: i32
y: i32
min(x // 4 + 2, y // 4) --> min(x + 8, y) // 4
