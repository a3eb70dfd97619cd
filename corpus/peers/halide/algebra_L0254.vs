# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 254
x: i32
y: i32
0 - x + y --> y - x
