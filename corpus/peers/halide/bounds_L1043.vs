# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1043
x: i32
y: i32
z: i32
x - y - (z - y) --> x - z
