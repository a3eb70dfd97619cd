# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1479
x: i32
0 <= i16(u8(x)) * 3 --> true
