# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1146
w: i32
x: i32
y: i32
z: i32
select(x < y, z, select(x < y, w, x) + 3) --> select(x < y, z, x + 3)
