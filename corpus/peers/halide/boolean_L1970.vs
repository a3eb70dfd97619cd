# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1970
x: i32
select(x * x == 16, x + 1, x + 5) --> select(x * x == 16, 1, 5) + x
