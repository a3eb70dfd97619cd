# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_const_reduction_negative_offset[2]
x: index in [0, 100]
(x + 7) % -13 --> (x + -6) % -13
