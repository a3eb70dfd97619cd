# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_merged_quotient[1]
x: index in [0, 199]
(x // 3 + 1) % 4 + (x + 3) // 12 * 4 --> x // 3 + 1
