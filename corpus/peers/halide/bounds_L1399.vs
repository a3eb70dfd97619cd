# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1399
w: i32
x: i32
y: i32
z: i32
min(x + (z + y), y + w) --> min(x + z, w) + y
