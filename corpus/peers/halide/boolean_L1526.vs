# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1526
x: i32
select(5 < x, 2_i32, 3) --> select(5 < x, 2, 3)
