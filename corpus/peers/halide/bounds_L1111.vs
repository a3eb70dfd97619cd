# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1111
x: i32
y: i32
z: i32
min(min(x, y), min(x, z)) --> min(min(y, z), x)
