# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1520
x: i32
select(x < x + 1, 9_i32, 2) --> 9
