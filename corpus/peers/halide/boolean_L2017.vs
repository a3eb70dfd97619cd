# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_boolean, line 2017
b0: bool
b1: bool
b10: bool
b2: bool
b3: bool
b4: bool
b5: bool
b6: bool
b7: bool
b8: bool
b9: bool
((((((((b0 && b1 || b2 && b1 || b0 || b2 || b0 || b2) && (b0 && b6 || b2 && b6) || b0 || b2 || b0 || b2) && (b0 && b3 || b2 && b3) || b0 || b2 || b0 || b2) && (b0 && b7 || b2 && b7) || b0 || b2 || b0 || b2) && (b0 && b4 || b2 && b4) || b0 || b2 || b0 || b2) && (b0 && b8 || b2 && b8) || b0 || b2 || b0 || b2) && (b0 && b5 || b2 && b5) || b0 || b2 || b0 || b2) && (b0 && b10 || b2 && b10) || b0 || b2 || b0 || b2) && (b0 && b9 || b2 && b9) || b0 || b2 --> b0 || b2
