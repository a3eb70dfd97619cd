# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1398
w: i32
x: i32
y: i32
z: i32
min(x + (y + z), y + w) --> min(x + z, w) + y
