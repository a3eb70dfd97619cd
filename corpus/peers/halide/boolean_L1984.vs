# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1984
x: i32
y: i32
z: i32
select(x * x == 16, x - z, x + y) --> select(x * x == 16, 0 - z, y) + x
