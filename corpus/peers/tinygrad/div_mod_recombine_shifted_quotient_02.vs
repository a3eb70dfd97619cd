# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_shifted_quotient[2]
y: index in [0, 99]
(y - 50) // 5 % 4 + (y - 50) // 20 * 4 --> y // 5 + -10
