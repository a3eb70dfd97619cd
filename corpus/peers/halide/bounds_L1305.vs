# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1305
x: i32
y: i32
min(min((y + 1) // 3, x) * 3 + 1, y) --> min(x * 3 + 1, y)
