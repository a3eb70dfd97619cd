# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_factor_negative[1]
a: index in [0, 100]
b: index in [0, 10]
(-29 + a + b * 28) % 28 --> (a + 27) % 28
