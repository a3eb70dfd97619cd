# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1548
w: i32
x: i32
y: i32
z: i32
min(select(x == 0, max(y, w), z), w) --> select(x == 0, w, min(w, z))
