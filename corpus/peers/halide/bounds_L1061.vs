# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1061
x: i32
y: i32
min(x * -43, y * -43) --> max(x, y) * -43
