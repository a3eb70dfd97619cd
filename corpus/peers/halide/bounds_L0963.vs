# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 963
x: i32
y: i32
min(min(x, y), x) --> min(x, y)
