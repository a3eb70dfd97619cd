# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_3level[1]
x: index in [0, 384]
x // 11 % 7 * 11 + x % 11 + x // 77 * 77 --> x
