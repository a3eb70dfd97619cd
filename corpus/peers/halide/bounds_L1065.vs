# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1065
x: i32
y: i32
max(max(x, 4), y) --> max(max(x, y), 4)
