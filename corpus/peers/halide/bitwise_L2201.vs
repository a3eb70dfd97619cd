# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bitwise, line 2201
x: i32
i16(x) >> 10 --> i16(x) // 1024
