# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_casts, line 168
x: i32
u8(x + 1) - u8(x) --> u8(x + 1) - u8(x)
