# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1966
x: i32
y: i32
max(select(x == 2, y * 3, 8), select(x == 2, y + 8, y * 7)) --> select(x == 2, max(y * 3, y + 8), max(y * 7, 8))
