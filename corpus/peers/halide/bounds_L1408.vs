# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1408
w: i32
x: i32
y: i32
z: i32
max(x + (y + z), y + w) --> max(x + z, w) + y
