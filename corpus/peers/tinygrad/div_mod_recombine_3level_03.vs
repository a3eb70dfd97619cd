# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_3level[3]
x: index in [-1000, 1000]
x // 3 % 224 * 3 + x % 3 + x // 672 * 672 --> x
