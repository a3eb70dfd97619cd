# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1957
x: i32
y: i32
z: i32
select(x == 3, z, y) == z --> x == 3 || y == z
