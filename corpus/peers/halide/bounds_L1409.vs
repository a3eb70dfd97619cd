# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1409
w: i32
x: i32
y: i32
z: i32
max(x + (z + y), y + w) --> max(x + z, w) + y
