# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_mod_variable_denom_factor_remainder[0]
a: index in [0, 3]
b: index in [0, 1]
d: index in [2, 5]
(d * a + b) % d --> b
