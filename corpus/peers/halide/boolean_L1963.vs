# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1963
x: i32
y: i32
min(select(x == 2, y * 3, 8), select(x == 2, y + 8, y * 7)) --> select(x == 2, min(y * 3, y + 8), min(y * 7, 8))
