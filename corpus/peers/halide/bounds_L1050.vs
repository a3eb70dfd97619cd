# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1050
x: i32
y: i32
z: i32
min(x + y, y + z) --> min(x, z) + y
