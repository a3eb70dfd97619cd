# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1112
x: i32
y: i32
z: i32
max(min(x, y), min(x, z)) --> min(max(y, z), x)
