# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1150
w: i32
x: i32
y: i32
z: i32
select(x < y, (select(x < y, w, x) + 3) // 2, z) --> select(x < y, (w + 3) // 2, z)
