# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1952
x: i32
y: i32
select(x == 3, y, 5) - y --> select(x == 3, 0, 5 - y)
