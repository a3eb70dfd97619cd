# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_bounds, line 1028
x: i32
min(u16(x), 65535) --> u16(x)
