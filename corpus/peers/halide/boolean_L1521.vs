# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1521
x: i32
select(x + 1 < x, 9_i32, 2) --> 2
