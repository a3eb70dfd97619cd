# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1201
x: i32
y: i32
max(min(x, y), x) + y --> x + y
