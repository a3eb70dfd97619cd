# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1537
x: i32
select(x < 5, select(x < 5, 0_i32, 1), 2) --> select(x < 5, 0, 2)
