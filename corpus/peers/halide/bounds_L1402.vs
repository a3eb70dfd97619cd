# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1402
x: i32
y: i32
min(x + y // 2 + 13, x + (0 - y) // 2) --> min(0 - y, y + 26) // 2 + x
