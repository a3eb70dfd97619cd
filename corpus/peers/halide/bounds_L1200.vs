# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1200
x: i32
y: i32
min(max(x, y), y) --> y
