# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1142
x: i32
y: i32
select(x < y, x, x + y) --> select(x < y, 0, y) + x
