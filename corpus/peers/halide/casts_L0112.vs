# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_casts, line 112
x: i32
i16(u32(x)) --> i16(x)
