# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_3level[4]
x: index in [-1000, 1000]
x // 3 % 7 * 3 + x // 21 * 21 --> x // 3 * 3
