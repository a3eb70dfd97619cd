# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1480
x: i32
i16(u8(x)) * 3 < 768 --> true
