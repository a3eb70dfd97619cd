# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 571
x: i32
y: i32
select(4 < x, x * 9 + 1, y * 6 - 2) % 3 == 1 --> true
