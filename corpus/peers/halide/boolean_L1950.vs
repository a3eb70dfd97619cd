# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1950
x: i32
select(x == 3, 5_i32, 7) - 7 --> select(x == 3, -2, 0)
