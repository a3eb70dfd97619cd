# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1064
x: i32
y: i32
min(min(x, 4), y) --> min(min(x, y), 4)
