# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1549
w: i32
x: i32
y: i32
z: i32
max(select(x == 0, y, min(z, w)), w) --> select(x == 0, max(w, y), w)
