# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1141
x: i32
y: i32
select(x < y, x + y, x) --> select(x < y, y, 0) + x
