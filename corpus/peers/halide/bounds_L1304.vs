# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1304
x: i32
y: i32
min(min((y + 5) // 2, x) * 2, y + 3) --> min(x * 2, y + 3)
