# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1519
x: i32
select(x < 3, 2_i32, 2) --> 2
