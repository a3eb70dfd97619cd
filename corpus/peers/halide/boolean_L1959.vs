# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1959
x: i32
select(x == 3, 4_i32, 2) == 0 --> false
