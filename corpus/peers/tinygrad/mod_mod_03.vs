# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_mod[3]
a: index in [0, 31]
a % 4 % 12 --> a % 4
