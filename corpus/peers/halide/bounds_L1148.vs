# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1148
w: i32
x: i32
y: i32
z: i32
select(x < y, z, 3 - select(x < y, w, x)) --> select(x < y, z, 3 - x)
