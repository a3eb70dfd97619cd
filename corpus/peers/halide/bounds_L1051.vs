# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1051
x: i32
y: i32
z: i32
min(y + x, y + z) --> min(x, z) + y
