# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1535
x: i32
select(x < 5, 0_u32, 4) < 1 --> x < 5
