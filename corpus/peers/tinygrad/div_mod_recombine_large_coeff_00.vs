# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_large_coeff[0]
b: index in [0, 100]
(19 * b + 3) % 7 + (19 * b + 3) // 7 * 7 --> b * 19 + 3
