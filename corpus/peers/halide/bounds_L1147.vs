# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1147
w: i32
x: i32
y: i32
z: i32
select(x < y, select(x < y, w, x) + 3, z) --> select(x < y, w + 3, z)
