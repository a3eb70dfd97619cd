# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1523
x: i32
select(x != 5, 2_i32, 3) --> select(x == 5, 3, 2)
