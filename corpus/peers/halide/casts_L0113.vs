# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_casts, line 113
x: i32
u16(i32(x)) --> u16(x)
