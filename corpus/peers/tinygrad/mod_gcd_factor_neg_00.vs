# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_gcd_factor_neg[0]
a: index in [0, 10]
(a * -4 + 4) % 8 --> (a * -1 + 1) % 2 * 4
