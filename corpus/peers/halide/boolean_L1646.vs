# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 1646
b1: bool
b2: bool
b1 && b2 && b1 == true --> b1 && b2
