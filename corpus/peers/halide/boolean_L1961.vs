# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1961
x: i32
y: i32
select(x == 3, 2, y) == 4 --> x != 3 && y == 4
