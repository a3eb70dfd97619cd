# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1951
x: i32
y: i32
select(x == 3, 5, y) - y --> select(x == 3, 5 - y, 0)
