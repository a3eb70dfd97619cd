# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_algebra, line 423
x: i32
y: i32
z: i32
y - z - (y - x) --> x - z
