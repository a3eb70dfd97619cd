# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1975
x: i32
select(x * x == 16, x * 2, x * 5) --> select(x * x == 16, 2, 5) * x
