# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_merged_quotient[0]
x: index in [0, 199]
x // 3 % 4 * 2 + x // 12 % 5 * 8 --> x // 3 % 20 * 2
