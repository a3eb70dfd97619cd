# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1153
w: i32
x: i32
y: i32
z: i32
max(select(x < y, z, w), select(x < y, x, z) // 2) --> select(x < y, max(x // 2, z), max(z // 2, w))
