# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 427
x: i32
y: i32
z: i32
x + (y + z) - y --> x + z
