# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1971
x: i32
y: i32
z: i32
select(x * x == 16, x + y, x + z) --> select(x * x == 16, y, z) + x
