# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_mod[0]
a: index in [0, 31]
a % 12 % 4 --> a % 4
