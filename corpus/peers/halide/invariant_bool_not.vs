# peer: halide
# from: halide/Halide@abbf7ff, test/correctness/simplify.cpp
# test: check_invariant, type bool: !x
# note: expected: left unchanged (check_inv)
x: bool
!x --> !x
