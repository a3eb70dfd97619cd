# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1083
x: i32
y: i32
max(x // 4, y // 4 + 2) --> max(y + 8, x) // 4
