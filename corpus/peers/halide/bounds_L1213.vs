# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1213
x: i32
y: i32
z: i32
min(max(min(x, y), z), y) --> min(max(x, z), y)
