# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1062
x: i32
y: i32
max(x * -43, y * -43) --> min(x, y) * -43
