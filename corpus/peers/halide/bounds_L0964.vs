# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 964
x: i32
y: i32
min(min(x, y), y) --> min(x, y)
