# peer: tinygrad
# from: tinygrad/tinygrad@a9069c1, test/null/test_uop_symbolic.py
# test: TestSymbolic.test_div_mod_recombine_in_additive_sum[1]
x: index in [0, 31]
y: index in [0, 5]
y + x // 8 * 4 + x // 2 % 4 --> y + x // 2
