# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_casts, line 126
65_u16 == 66 --> false
