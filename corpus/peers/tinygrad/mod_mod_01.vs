# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_mod[1]
a: index in [0, 31]
4 * a % 12 % 4 --> 0
