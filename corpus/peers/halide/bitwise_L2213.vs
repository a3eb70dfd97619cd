# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bitwise, line 2213
x: i32
u32(x) & 2863311530 --> u32(x) & 2863311530
