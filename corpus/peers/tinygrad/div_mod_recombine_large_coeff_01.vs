# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_large_coeff[1]
a: index in [0, 10]
(25 * a + 3) % 10 + (25 * a + 3) // 10 * 10 --> a * 25 + 3
