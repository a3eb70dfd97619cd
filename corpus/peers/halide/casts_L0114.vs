# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_casts, line 114
x: i32
u16(u32(x)) --> u16(x)
