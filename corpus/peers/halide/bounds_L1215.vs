# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1215
x: i32
y: i32
z: i32
min(y, max(min(x, y), z)) --> min(max(x, z), y)
