# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1152
w: i32
x: i32
y: i32
z: i32
min(select(x < y, z, w), select(x < y, x, z) // 2) --> select(x < y, min(x // 2, z), min(z // 2, w))
