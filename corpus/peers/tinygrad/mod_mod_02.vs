# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_mod[2]
a: index in [0, 31]
5 * a % 12 % 5 --> a * 5 % 12 % 5
