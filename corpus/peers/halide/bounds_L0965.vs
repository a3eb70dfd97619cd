# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 965
x: i32
y: i32
min(x, min(x, y)) --> min(x, y)
