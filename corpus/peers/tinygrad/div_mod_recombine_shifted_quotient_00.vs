# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_shifted_quotient[0]
x: index in [0, 100]
(x - 50) % 3 + (x - 50) // 3 * 3 --> x + -50
