# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 549
x: i32
y: i32
z: i32
x * -2147483648 + (z * -2147483648 + y) --> x * -2147483648 + (z * -2147483648 + y)
